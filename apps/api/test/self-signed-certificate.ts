import { generateKeyPairSync, randomBytes, sign } from "node:crypto";

/**
 * A fresh RSA key and a self-signed X.509 certificate for it, as a test identity provider's signing pair. Written
 * with node:crypto and a few lines of DER (no certificate library is installed): version 3, SHA-256 with RSA, a
 * common name, and a validity from a day ago to ten years on.
 */
export function selfSignedCertificate(commonName: string): { privateKey: string; certificate: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const sha256WithRsa = sequence(
    oid([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b]),
    Buffer.from([5, 0]),
  );
  const name = sequence(set(sequence(oid([0x55, 0x04, 0x03]), tlv(0x0c, Buffer.from(commonName, "utf8")))));
  const now = Date.now();
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01; // positive and without a leading zero byte
  const tbs = sequence(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, serial),
    sha256WithRsa,
    name,
    sequence(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 10 * 365 * 86_400_000))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = sign("sha256", tbs, privateKey);
  const der = sequence(tbs, sha256WithRsa, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const base64 = der
    .toString("base64")
    .match(/.{1,64}/g)
    ?.join("\n");
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    certificate: `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`,
  };
}

function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  let header: number[];
  if (length < 0x80) header = [tag, length];
  else if (length < 0x100) header = [tag, 0x81, length];
  else header = [tag, 0x82, length >> 8, length & 0xff];
  return Buffer.concat([Buffer.from(header), content]);
}

const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
const oid = (bytes: number[]) => tlv(0x06, Buffer.from(bytes));

/** UTCTime, YYMMDDHHMMSSZ: enough until 2049. */
function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, "").slice(2, 14);
  return tlv(0x17, Buffer.from(`${text}Z`, "ascii"));
}
