import type { ChannelRef } from "./youtube-api";

/** Why a channel as typed cannot be looked up without YouTube's search (100 units a call). */
export class ChannelRefError extends Error {
  override name = "ChannelRefError";
}

const HANDLE = /^@[A-Za-z0-9._-]{3,30}$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

/**
 * A channel as a user names it, or as a website links it: `@handle`, a channel id (`UC…`), or a youtube.com link
 * to either (`/@handle`, `/channel/UC…`, the older `/user/name`). Custom URLs (`/c/name`) can only be found by
 * search, which the connector does not spend quota on: the user is asked for the handle instead.
 */
export function parseChannelRef(input: string): ChannelRef {
  const value = input.trim();
  if (HANDLE.test(value)) return { kind: "handle", handle: value };
  if (CHANNEL_ID.test(value)) return { kind: "id", id: value };
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    throw new ChannelRefError("Enter the channel's @handle or its youtube.com link");
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, "");
  if (host !== "youtube.com") throw new ChannelRefError("The link must be a youtube.com link");
  const [first = "", second = ""] = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (HANDLE.test(first)) return { kind: "handle", handle: first };
  if (first === "channel" && CHANNEL_ID.test(second)) return { kind: "id", id: second };
  if (first === "user" && /^[A-Za-z0-9._-]{1,100}$/.test(second))
    return { kind: "username", username: second };
  throw new ChannelRefError(
    "Use the channel's @handle or its youtube.com/channel/… link: custom /c/ links cannot be looked up",
  );
}

/** The link stored for a channel reference (social_accounts.url). */
export function channelUrl(ref: ChannelRef): string {
  if (ref.kind === "handle") return `https://www.youtube.com/${ref.handle}`;
  if (ref.kind === "id") return `https://www.youtube.com/channel/${ref.id}`;
  return `https://www.youtube.com/user/${ref.username}`;
}
