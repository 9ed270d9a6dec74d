package dev.statesync.bench.fuzz;

import dev.statesync.bench.player.PlayerCommand;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.sync.predict.ErrorMetric;
import dev.statesync.sync.predict.StateCodec;
import dev.statesync.sync.predict.StepFunction;

/**
 * The predicted object of the prediction targets: a point that walks and jumps, in integer millimetres, so client
 * and server compute identical states and "converged" can mean equal. Bounded on the wire like a real state codec
 * must be: a reader refuses any field outside its range.
 */
final class FuzzBody
{
    /** Largest |x| in millimetres, and the height limit. */
    static final int MAX_POSITION_MM = 1 << 24;
    /** Largest |velocity| in millimetres per tick. */
    static final int MAX_VELOCITY_MM_PER_TICK = 1 << 16;

    int xMm;
    int yMm;
    int vxMmPerTick;
    int vyMmPerTick;

    /** Step, codec and error metric of {@link FuzzBody}: a pure step function. */
    static final class Physics implements StepFunction<FuzzBody, PlayerCommand>, StateCodec<FuzzBody>, ErrorMetric<FuzzBody>
    {
        private static final int GRAVITY_MM_PER_TICK2 = 10;
        private static final int WALK_MM_PER_TICK2 = 50;
        private static final int JUMP_MM_PER_TICK = 300;

        @Override
        public void step(final FuzzBody current, final PlayerCommand input, final FuzzBody next)
        {
            int vx = current.vxMmPerTick * 9 / 10 + input.moveX * WALK_MM_PER_TICK2;
            int vy = current.vyMmPerTick - GRAVITY_MM_PER_TICK2;
            if (input.jump && current.yMm == 0)
            {
                vy = JUMP_MM_PER_TICK;
            }
            vx = clamp(vx, MAX_VELOCITY_MM_PER_TICK);
            vy = clamp(vy, MAX_VELOCITY_MM_PER_TICK);
            int y = current.yMm + vy;
            if (y <= 0)
            {
                y = 0;
                vy = 0;
            }
            next.xMm = clamp(current.xMm + vx, MAX_POSITION_MM);
            next.yMm = Math.min(y, MAX_POSITION_MM);
            next.vxMmPerTick = vx;
            next.vyMmPerTick = vy;
        }

        @Override
        public FuzzBody newState()
        {
            return new FuzzBody();
        }

        @Override
        public void copy(final FuzzBody src, final FuzzBody dst)
        {
            dst.xMm = src.xMm;
            dst.yMm = src.yMm;
            dst.vxMmPerTick = src.vxMmPerTick;
            dst.vyMmPerTick = src.vyMmPerTick;
        }

        @Override
        public void serialize(final BitStream stream, final FuzzBody state)
        {
            state.xMm = stream.serializeInt(state.xMm, -MAX_POSITION_MM, MAX_POSITION_MM);
            state.yMm = stream.serializeInt(state.yMm, 0, MAX_POSITION_MM);
            state.vxMmPerTick = stream.serializeInt(state.vxMmPerTick, -MAX_VELOCITY_MM_PER_TICK, MAX_VELOCITY_MM_PER_TICK);
            state.vyMmPerTick = stream.serializeInt(state.vyMmPerTick, -MAX_VELOCITY_MM_PER_TICK, MAX_VELOCITY_MM_PER_TICK);
        }

        @Override
        public double positionErrorM(final FuzzBody predicted, final FuzzBody authoritative)
        {
            return Math.hypot(predicted.xMm - (double)authoritative.xMm, predicted.yMm - (double)authoritative.yMm) / 1000.0;
        }

        @Override
        public double rotationErrorRad(final FuzzBody predicted, final FuzzBody authoritative)
        {
            return 0.0;
        }

        /** @return true when both hold the same state. */
        static boolean same(final FuzzBody a, final FuzzBody b)
        {
            return a.xMm == b.xMm && a.yMm == b.yMm && a.vxMmPerTick == b.vxMmPerTick && a.vyMmPerTick == b.vyMmPerTick;
        }

        /** @return a hash of the state, for digests. */
        static long digest(final long seed, final FuzzBody body)
        {
            long h = seed;
            h = h * 31 + body.xMm;
            h = h * 31 + body.yMm;
            h = h * 31 + body.vxMmPerTick;
            return h * 31 + body.vyMmPerTick;
        }

        private static int clamp(final int value, final int bound)
        {
            return Math.max(-bound, Math.min(bound, value));
        }
    }
}
