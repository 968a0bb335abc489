import { type ChannelProfile, type Video, type YoutubeClient, YoutubeError } from "./youtube-api";

/** The newest uploads read per channel found: enough for its topics and engagement, at 1 unit a channel. */
export const RECENT_VIDEOS = 10;
/** Videos showing views, likes and comments that an engagement rate needs (fewer say too little). */
const MIN_RATED_VIDEOS = 3;

/** A channel found by a creator search, with what its own recent videos say. */
export interface FoundCreator extends ChannelProfile {
  /** Titles of its newest videos, newest first: matched against the brand's keywords (docs/analytics-methods.md §4.8). */
  recentTitles: string[];
  /** (likes + comments) / views over those videos, YouTube's rate by views; null when too few show all three. */
  engagementRate: number | null;
}

/**
 * Each channel's newest videos (playlistItems.list per channel, then videos.list for all of them at once): a
 * channel whose uploads playlist is gone keeps its profile without them.
 */
export async function withRecentVideos(
  client: YoutubeClient,
  profiles: readonly ChannelProfile[],
): Promise<FoundCreator[]> {
  const uploads = new Map<string, string[]>();
  for (const profile of profiles) {
    if (!profile.uploadsPlaylistId) continue;
    try {
      uploads.set(profile.id, await client.uploads(profile.uploadsPlaylistId, RECENT_VIDEOS));
    } catch (error) {
      if (!(error instanceof YoutubeError && error.failure === "not_found")) throw error;
    }
  }
  const videos = new Map((await client.videos([...uploads.values()].flat())).map((v) => [v.id, v]));
  return profiles.map((profile) => {
    const own = (uploads.get(profile.id) ?? []).flatMap((id) => videos.get(id) ?? []);
    return { ...profile, recentTitles: own.map((v) => v.title), engagementRate: rateByViews(own) };
  });
}

function rateByViews(videos: readonly Video[]): number | null {
  let engagement = 0;
  let views = 0;
  let rated = 0;
  for (const v of videos) {
    if (v.likes === null || v.comments === null || v.views === null || v.views <= 0) continue;
    engagement += v.likes + v.comments;
    views += v.views;
    rated += 1;
  }
  return rated < MIN_RATED_VIDEOS ? null : engagement / views;
}
