import { deflateRawSync } from "node:zlib";

/** One entry of a zip: its deflated bytes and the size its directory states (the truth, unless a test lies). */
export interface ZipEntry {
  name: string;
  packed: Uint8Array;
  unpackedBytes: number;
}

export const deflated = (name: string, data: Uint8Array): ZipEntry => ({
  name,
  packed: deflateRawSync(data),
  unpackedBytes: data.length,
});

/**
 * A minimal zip of deflated entries (PKWARE's APPNOTE.TXT 4.3: local headers, central directory, end record), for
 * tests that need a zip as the platforms or an attacker would send it: TikTok's download of CSV files, an .xlsx
 * bomb. No CRC is written: the readers under test check sizes, not checksums.
 */
export function zipOf(entries: readonly ZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, packed, unpackedBytes } of entries) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(unpackedBytes, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(unpackedBytes, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, Buffer.from(packed));
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}
