import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address ("::" expanded), or undefined when it has an IPv4 tail. */
function ipv6Groups(address: string): string[] | undefined {
  const [head = "", tail] = address.split("::");
  const part = (text: string) => (text ? text.split(":") : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  if ([...left, ...right].some((group) => group.includes("."))) return undefined;
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right].map((group) =>
    Number.parseInt(group, 16).toString(16),
  );
}

/**
 * The network a caller's address stands for, as per-address limits count it: an IPv4 address itself, an IPv6
 * address's /64 (one subscriber is given a whole /64 and can use any address in it), an IPv4-mapped IPv6 address
 * as its IPv4 address.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.split("%")[0] ?? address);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}
