import { createHash } from "node:crypto";

/** SHA-256 of the parts joined by NUL: stable across runs, platforms and dependency upgrades. */
function digest(parts: readonly string[]): Buffer {
  return createHash("sha256").update(parts.join("\u0000")).digest();
}

/** A non-negative 32-bit integer from the parts, for "entry hash(...) mod n" choices. */
export function stableHash32(...parts: string[]): number {
  return digest(parts).readUInt32BE(0);
}

/** A uuid shaped like v4 (version and variant bits set) from the parts, so ids are reproducible. */
export function stableUuid(...parts: string[]): string {
  const bytes = digest(parts).subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
