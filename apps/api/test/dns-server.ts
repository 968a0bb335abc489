import { createSocket, type RemoteInfo } from "node:dgram";

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  address: string;
  /** The TXT records of each name (lower case); a name not here answers NXDOMAIN. */
  txt: Map<string, string[]>;
  close(): Promise<void>;
}

const TYPE_TXT = 16;
const CLASS_IN = 1;

/** The question's name and where the question ends, from a query packet (no compression in a question). */
function readQuestion(query: Buffer): { name: string; type: number; end: number } | undefined {
  const labels: string[] = [];
  let at = 12;
  while (at < query.length) {
    const length = query[at] ?? 0;
    at += 1;
    if (length === 0) break;
    labels.push(query.subarray(at, at + length).toString("ascii"));
    at += length;
  }
  if (at + 4 > query.length) return undefined;
  return { name: labels.join(".").toLowerCase(), type: query.readUInt16BE(at), end: at + 4 };
}

/** TXT record data: each string as a length byte and up to 255 bytes. */
function txtData(value: string): Buffer {
  const text = Buffer.from(value, "utf8");
  const parts: Buffer[] = [];
  let at = 0;
  do {
    const chunk = text.subarray(at, at + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
    at += 255;
  } while (at < text.length);
  return Buffer.concat(parts);
}

function answer(query: Buffer, txt: Map<string, string[]>): Buffer | undefined {
  const question = readQuestion(query);
  if (!question) return undefined;
  const records = txt.get(question.name);
  const found = records !== undefined;
  const answers = found && question.type === TYPE_TXT ? records : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  // QR, authoritative, recursion desired as asked, recursion available; NXDOMAIN for an unknown name.
  const rd = query.readUInt16BE(2) & 0x0100;
  header.writeUInt16BE(0x8000 | 0x0400 | rd | 0x0080 | (found ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const answerRecords = answers.map((value) => {
    const data = txtData(value);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the question's name
    fixed.writeUInt16BE(TYPE_TXT, 2);
    fixed.writeUInt16BE(CLASS_IN, 4);
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...answerRecords]);
}

/** A real DNS server over UDP on a loopback port that answers TXT queries from a map: domain verification's tests. */
export async function startDnsServer(): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  const socket = createSocket("udp4");
  socket.on("message", (query: Buffer, from: RemoteInfo) => {
    const reply = answer(query, txt);
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    txt,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
