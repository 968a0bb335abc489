import { daysBetween } from "../periods";
import { modifiedZScores } from "./robust-stats";

export interface FollowerFlag {
  kind: "follower_spike" | "sharp_drop" | "round_jump";
  date: string;
  detail: string;
}

/** §4 / §6: spikes need a month of daily history to know what a normal day looks like. */
export const MIN_SPIKE_SNAPSHOTS = 30;
const SPIKE_Z = 3.5;
const SPIKE_MIN_SHARE = 0.01;
const SPIKE_MIN_FOLLOWERS = 500;
const DROP_SHARE = -0.02;
const DROP_DAYS = 3;

const count = (n: number) => Math.round(n).toLocaleString("en-US");
const signed = (n: number) => `${n >= 0 ? "+" : "−"}${count(Math.abs(n))}`;

/** A jump on a round number (within 1 % of the unit, 1k or 5k) looks like a purchased package. */
function isRound(delta: number): boolean {
  const near = (unit: number) => {
    const rest = Math.abs(delta) % unit;
    return Math.min(rest, unit - rest) <= unit * 0.01;
  };
  return near(1_000) || near(5_000);
}

/**
 * Follower-history flags of §4, each with its evidence. A spike is a daily gain with modified z ≥ 3.5 that is
 * also ≥ max(1 % of followers, 500) (Iglewicz–Hoaglin; the size floor keeps tiny accounts quiet); a round-number
 * jump is reported only together with a spike. A sharp drop is reported once per episode, dated the first day
 * followers sit ≥ 2 % below their maximum of the 3 days before.
 */
export function followerFlags(series: readonly { day: string; followers: number }[]): FollowerFlag[] {
  const sorted = [...series].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return [...spikeFlags(sorted), ...dropFlags(sorted)];
}

function spikeFlags(sorted: readonly { day: string; followers: number }[]): FollowerFlag[] {
  if (sorted.length < MIN_SPIKE_SNAPSHOTS) return [];
  const deltas: { day: string; delta: number; before: number }[] = [];
  for (let k = 1; k < sorted.length; k++) {
    const prev = sorted[k - 1];
    const cur = sorted[k];
    if (prev && cur && daysBetween(prev.day, cur.day) === 1) {
      deltas.push({ day: cur.day, delta: cur.followers - prev.followers, before: prev.followers });
    }
  }
  if (deltas.length < MIN_SPIKE_SNAPSHOTS - 1) return [];
  const z = modifiedZScores(deltas.map((d) => d.delta));
  const flags: FollowerFlag[] = [];
  deltas.forEach((d, k) => {
    const score = z[k] ?? 0;
    if (score < SPIKE_Z || d.delta < Math.max(SPIKE_MIN_SHARE * d.before, SPIKE_MIN_FOLLOWERS)) return;
    const share = ((100 * d.delta) / d.before).toFixed(1);
    flags.push({
      kind: "follower_spike",
      date: d.day,
      detail: `${signed(d.delta)} followers in one day (+${share} %), modified z ${score.toFixed(1)}`,
    });
    if (isRound(d.delta)) {
      flags.push({
        kind: "round_jump",
        date: d.day,
        detail: `The jump of ${count(d.delta)} is a round number`,
      });
    }
  });
  return flags;
}

interface DropEpisode {
  day: string;
  peak: number;
  low: number;
}

function dropFlag(episode: DropEpisode): FollowerFlag {
  const share = ((100 * (episode.low - episode.peak)) / episode.peak).toFixed(1);
  return {
    kind: "sharp_drop",
    date: episode.day,
    detail: `Followers fell from ${count(episode.peak)} to ${count(episode.low)} (${share} %) within days`,
  };
}

function dropFlags(sorted: readonly { day: string; followers: number }[]): FollowerFlag[] {
  const flags: FollowerFlag[] = [];
  let episode: DropEpisode | null = null;
  for (let k = 0; k < sorted.length; k++) {
    const cur = sorted[k];
    if (!cur) continue;
    let peak = 0;
    for (let j = k - 1; j >= 0; j--) {
      const prev = sorted[j];
      if (!prev || daysBetween(prev.day, cur.day) > DROP_DAYS) break;
      peak = Math.max(peak, prev.followers);
    }
    if (peak > 0 && cur.followers / peak - 1 <= DROP_SHARE) {
      episode = episode
        ? { day: episode.day, peak: episode.peak, low: Math.min(episode.low, cur.followers) }
        : { day: cur.day, peak, low: cur.followers };
    } else if (episode) {
      flags.push(dropFlag(episode));
      episode = null;
    }
  }
  if (episode) flags.push(dropFlag(episode));
  return flags;
}
