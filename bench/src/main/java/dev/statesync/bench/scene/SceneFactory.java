package dev.statesync.bench.scene;

import dev.statesync.bench.player.PlayerSceneConfig;

/**
 * Builds scenes by {@link Scene#name()}, for command lines and the scenario runner.
 */
public final class SceneFactory
{
    private SceneFactory()
    {
    }

    /**
     * @param name {@code "cubes"}, {@code "pile"} or {@code "player"} (each with its defaults).
     * @return a new scene in its initial state.
     */
    public static Scene create(final String name)
    {
        switch (name)
        {
            case "cubes":
                return new CubesScene();
            case "pile":
                return new PileScene(PileScene.DEFAULT_SEED);
            case "player":
                return new PlayerScene(new PlayerSceneConfig());
            default:
                throw new IllegalArgumentException("unknown scene: " + name);
        }
    }
}
