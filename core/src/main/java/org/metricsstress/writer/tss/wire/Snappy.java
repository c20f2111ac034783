package org.metricsstress.writer.tss.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Snappy's block format (not the framed one): what a remote-write body is, as
 * {@code Content-Encoding: snappy} says. Written here from the format's description so the TSS
 * writer needs no native library and compresses into a buffer it keeps, on the writer thread as
 * the plugin does.
 *
 * <p>The stream is the uncompressed length as a varint, then elements: a literal (tag 00: the
 * length less one in the tag's upper six bits, or in the next 1 to 4 bytes when that is 60 to 63),
 * a copy with a one-byte offset (tag 01: length 4 to 11, offset below 2048) or a copy with a
 * two-byte offset (tag 10: length 1 to 64). Compression is greedy LZ77: each position's next four
 * bytes are hashed into a table of the last position seen with that hash; a hit whose four bytes
 * really match becomes a copy, extended as far as it goes. The input is cut into blocks of 64 KiB
 * compressed independently (the table starts empty in each, no copy reaches into an earlier block),
 * as the reference implementation does, so offsets always fit in two bytes.
 *
 * <p>An instance holds the hash table: not thread-safe, one per writer thread.
 */
public final class Snappy {
    static final int BLOCK_SIZE = 1 << 16;
    private static final int MAX_TABLE_BITS = 14;
    private static final int MIN_TABLE_BITS = 8;
    /** Shorter blocks are sent as one literal: a match could save little and costs the table's fill. */
    private static final int MIN_BLOCK_TO_MATCH = 16;
    /** Knuth's multiplicative hash constant (2^32 / the golden ratio). */
    private static final int HASH_MULTIPLIER = 0x9E3779B1;

    /** Bytes read as one little-endian int or long: a plain load once compiled, not four or eight. */
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Positions relative to the block's start; -1 = none yet. */
    private final int[] table = new int[1 << MAX_TABLE_BITS];

    /** The most bytes {@code length} input bytes can compress to (literals' headers included). */
    public static int maxCompressedLength(int length) {
        return 32 + length + length / 6;
    }

    /** Compresses {@code in[off, off+len)} into {@code out} (emptied first); returns the compressed length. */
    public int compress(byte[] in, int off, int len, SnappyBuffer out) {
        byte[] o = out.clearFor(maxCompressedLength(len));
        int op = putVarint(o, 0, len);
        for (int start = off; start < off + len; start += BLOCK_SIZE) {
            op = compressBlock(in, start, Math.min(BLOCK_SIZE, off + len - start), o, op);
        }
        out.length(op);
        return op;
    }

    private int compressBlock(byte[] in, int base, int n, byte[] o, int op) {
        int end = base + n;
        int nextEmit = base;
        if (n >= MIN_BLOCK_TO_MATCH) {
            int bits = tableBits(n);
            int shift = 32 - bits;
            Arrays.fill(table, 0, 1 << bits, -1);
            int last = end - 4; // the last position whose four bytes can be read
            int ip = base;
            int misses = 0;
            while (ip <= last) {
                int word = load32(in, ip);
                int h = hash(word, shift);
                int candidate = table[h];
                table[h] = ip - base;
                if (candidate >= 0 && load32(in, base + candidate) == word) {
                    int from = base + candidate;
                    op = literal(in, nextEmit, ip - nextEmit, o, op);
                    int length = matchLength(in, from, ip, end);
                    op = copy(ip - from, length, o, op);
                    ip += length;
                    nextEmit = ip;
                    misses = 0;
                    // The position just before the next one is often where the next match starts from.
                    if (ip - 1 <= last) {
                        table[hash(load32(in, ip - 1), shift)] = ip - 1 - base;
                    }
                } else {
                    // After every 32 misses in a row the step grows by one: data that does not compress
                    // is passed over quickly, and one match brings the step back to one.
                    misses++;
                    ip += 1 + (misses >>> 5);
                }
            }
        }
        return literal(in, nextEmit, end - nextEmit, o, op);
    }

    /** How far the bytes at {@code from} repeat at {@code at} (at least the four known), eight at a time. */
    private static int matchLength(byte[] in, int from, int at, int end) {
        int length = 4;
        while (at + length + 8 <= end) {
            long diff = (long) LONG_LE.get(in, from + length) ^ (long) LONG_LE.get(in, at + length);
            if (diff != 0) {
                return length + (Long.numberOfTrailingZeros(diff) >>> 3);
            }
            length += 8;
        }
        while (at + length < end && in[from + length] == in[at + length]) {
            length++;
        }
        return length;
    }

    private static int tableBits(int n) {
        int bits = 32 - Integer.numberOfLeadingZeros(n - 1);
        return Math.max(MIN_TABLE_BITS, Math.min(MAX_TABLE_BITS, bits));
    }

    private static int hash(int word, int shift) {
        return (word * HASH_MULTIPLIER) >>> shift;
    }

    private static int load32(byte[] b, int i) {
        return (int) INT_LE.get(b, i);
    }

    private static int literal(byte[] in, int from, int len, byte[] o, int op) {
        if (len == 0) {
            return op;
        }
        int n = len - 1;
        if (n < 60) {
            o[op++] = (byte) (n << 2);
        } else {
            int extra = n < 1 << 8 ? 1 : n < 1 << 16 ? 2 : n < 1 << 24 ? 3 : 4;
            o[op++] = (byte) ((59 + extra) << 2);
            for (int i = 0; i < extra; i++) {
                o[op++] = (byte) (n >>> (8 * i));
            }
        }
        System.arraycopy(in, from, o, op, len);
        return op + len;
    }

    /** A match of {@code len >= 4} bytes, as copies of at most 64 bytes each, none shorter than 4. */
    private static int copy(int offset, int len, byte[] o, int op) {
        while (len >= 68) {
            op = copy2(offset, 64, o, op);
            len -= 64;
        }
        if (len > 64) {
            op = copy2(offset, 60, o, op);
            len -= 60;
        }
        if (len < 12 && offset < 2048) {
            o[op++] = (byte) (1 | (len - 4) << 2 | (offset >>> 8) << 5);
            o[op++] = (byte) offset;
            return op;
        }
        return copy2(offset, len, o, op);
    }

    private static int copy2(int offset, int len, byte[] o, int op) {
        o[op++] = (byte) (2 | (len - 1) << 2);
        o[op++] = (byte) offset;
        o[op++] = (byte) (offset >>> 8);
        return op;
    }

    private static int putVarint(byte[] o, int op, int v) {
        while ((v & ~0x7F) != 0) {
            o[op++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        o[op++] = (byte) v;
        return op;
    }

    /**
     * Uncompresses a block-format stream (any valid one, also with 4-byte-offset copies, which this
     * compressor never writes). For tests and read-back checks.
     *
     * @throws IllegalArgumentException if the stream is malformed
     */
    public static byte[] uncompress(byte[] in, int off, int len) {
        int end = off + len;
        long size = 0;
        int ip = off;
        for (int shift = 0; ; shift += 7) {
            if (ip >= end || shift > 28) {
                throw new IllegalArgumentException("bad length preamble");
            }
            int b = in[ip++] & 0xFF;
            size |= (long) (b & 0x7F) << shift;
            if (b < 0x80) {
                break;
            }
        }
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("uncompressed length " + size + " too large");
        }
        byte[] out = new byte[(int) size];
        int op = 0;
        while (ip < end) {
            int tag = in[ip++] & 0xFF;
            int kind = tag & 3;
            if (kind == 0) {
                int n = tag >>> 2;
                if (n >= 60) {
                    int extra = n - 59;
                    need(ip + extra <= end, "literal length past the end");
                    n = 0;
                    for (int i = 0; i < extra; i++) {
                        n |= (in[ip++] & 0xFF) << (8 * i);
                    }
                }
                long length = (n & 0xFFFFFFFFL) + 1;
                need(ip + length <= end && op + length <= out.length, "literal past the end");
                System.arraycopy(in, ip, out, op, (int) length);
                ip += (int) length;
                op += (int) length;
                continue;
            }
            int length;
            int offset;
            if (kind == 1) {
                need(ip < end, "copy past the end");
                length = ((tag >>> 2) & 7) + 4;
                offset = (tag >>> 5) << 8 | (in[ip++] & 0xFF);
            } else if (kind == 2) {
                need(ip + 2 <= end, "copy past the end");
                length = (tag >>> 2) + 1;
                offset = (in[ip] & 0xFF) | (in[ip + 1] & 0xFF) << 8;
                ip += 2;
            } else {
                need(ip + 4 <= end, "copy past the end");
                length = (tag >>> 2) + 1;
                offset = load32(in, ip);
                ip += 4;
            }
            need(offset > 0 && offset <= op && op + length <= out.length, "copy out of range");
            if (offset >= length) {
                System.arraycopy(out, op - offset, out, op, length);
                op += length;
            } else {
                // Overlapping: the copy repeats the bytes it is writing, so byte by byte.
                for (int i = 0; i < length; i++, op++) {
                    out[op] = out[op - offset];
                }
            }
        }
        need(op == out.length, "stream holds " + op + " bytes, its preamble says " + out.length);
        return out;
    }

    private static void need(boolean ok, String why) {
        if (!ok) {
            throw new IllegalArgumentException("malformed snappy block: " + why);
        }
    }
}
