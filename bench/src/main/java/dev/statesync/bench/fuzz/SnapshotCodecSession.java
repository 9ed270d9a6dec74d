package dev.statesync.bench.fuzz;

import java.util.ArrayDeque;
import java.util.SplittableRandom;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.snapshot.ObjectCodec;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.codec.state.StateSchema;

/**
 * A {@link SnapshotSender} and a {@link SnapshotReceiver} with no reliability layer between them: an in-order link
 * that loses one snapshot in ten and returns the ack of each applied snapshot zero to three ticks late, as a
 * reliability layer would. Snapshots are budgeted to 400 bytes, so the budget binds on busy ticks. Every snapshot
 * sent is recorded for the codec-level targets, and every honest one applied is checked against what was sent.
 */
final class SnapshotCodecSession implements HonestSession
{
    static final int OBJECTS = 32;
    private static final int BUDGET_BYTES = 400;
    private static final int ACK_DELAY_MAX_TICKS = 3;
    private static final double LOSS_FRACTION = 0.1;
    private static final int HISTORY = 1024;

    final SnapshotSender sender;
    final SnapshotReceiver receiver;
    final FuzzCorpus corpus = new FuzzCorpus();
    final boolean framed;
    private final StateSchema schema;
    private final SplittableRandom random;
    private final MovingObjects objects;
    private final UnsafeBuffer packet = new UnsafeBuffer(new byte[BUDGET_BYTES]);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private final ArrayDeque<int[]> acks = new ArrayDeque<>();
    private final int[][] sentByTick = new int[HISTORY][];
    private final int[] sentTick = new int[HISTORY];
    private int tick;
    private long honestErrors;

    SnapshotCodecSession(final SnapshotCoding coding, final long seed)
    {
        this.random = new SplittableRandom(seed);
        this.schema = coding.schema();
        this.framed = coding == SnapshotCoding.RANGE_CODED;
        final Predictor predictor = coding.predictor(schema);
        sender = new SnapshotSender(schema, OBJECTS, predictor, new ObjectCodec(schema, coding.physicalCouplings()),
            coding.config());
        receiver = new SnapshotReceiver(schema, OBJECTS, predictor, new ObjectCodec(schema, coding.physicalCouplings()),
            coding.config());
        objects = new MovingObjects(schema, OBJECTS, random);
    }

    /** One tick: motion, one snapshot recorded and (unless lost) decoded, then the acks now due. */
    @Override
    public void tick(final boolean moving)
    {
        tick++;
        if (moving)
        {
            objects.step();
        }
        final int sequence = tick & 0xFFFF;
        final int length;
        if (framed)
        {
            length = sender.encodeFramed(tick, objects.states, null, 0, packet, 0, BUDGET_BYTES, sequence);
        }
        else
        {
            writer.wrap(packet, 0, BUDGET_BYTES);
            sender.encode(tick, objects.states, null, 0, BUDGET_BYTES * 8, writer, sequence);
            length = writer.bytesWritten();
        }
        corpus.record(packet, 0, length);
        final int slot = tick & (HISTORY - 1);
        sentByTick[slot] = objects.states.array().clone();
        sentTick[slot] = tick;
        if (random.nextDouble() >= LOSS_FRACTION)
        {
            final DecodeResult result = decode(packet, 0, length);
            if (result == DecodeResult.OK)
            {
                verify();
                acks.add(new int[]{tick + random.nextInt(ACK_DELAY_MAX_TICKS + 1), sequence});
            }
            else if (result == DecodeResult.MALFORMED)
            {
                honestErrors++;
            }
        }
        for (int i = acks.size(); i > 0; i--)
        {
            final int[] ack = acks.poll();
            if (ack[0] <= tick)
            {
                sender.onAcked(ack[1]);
            }
            else
            {
                acks.add(ack);
            }
        }
    }

    /**
     * Decode bytes as the receiver's transport would hand them over, in the packet of the sequence the last snapshot
     * went out in (hostile bytes take its place; its tick's anchor is then the one they are read against).
     */
    DecodeResult decode(final DirectBuffer buffer, final int offset, final int length)
    {
        final int sequence = tick & 0xFFFF;
        if (framed)
        {
            return receiver.decodeFramed(buffer, offset, length, sequence);
        }
        return receiver.decode(reader.wrap(buffer, offset, length), sequence);
    }

    /** @return true when the receiver holds exactly the sender's current state of every object. */
    @Override
    public boolean converged()
    {
        for (int i = 0; i < OBJECTS; i++)
        {
            if (!receiver.states().sameObject(i, objects.states))
            {
                return false;
            }
        }
        return true;
    }

    @Override
    public long honestErrors()
    {
        return honestErrors;
    }

    private void verify()
    {
        final int slot = receiver.lastTick() & (HISTORY - 1);
        if (sentTick[slot] != receiver.lastTick())
        {
            honestErrors++;
            return;
        }
        for (int u = 0; u < receiver.updatedCount(); u++)
        {
            final int object = receiver.updatedObjects()[u];
            if (!receiver.states().equalsRecord(object, sentByTick[slot], object * schema.stride()))
            {
                honestErrors++;
            }
        }
        honestErrors += DecodedStates.mismatches(receiver, sentByTick[slot], schema.stride());
    }
}
