import { eng } from "stopword";

/**
 * stopword's English list has only 108 words (no "not", "so", "just", contractions): these close the gaps that
 * otherwise top every caption's keyword list.
 */
const ENGLISH_EXTRA = `a about above after again against all am an and any are aren't as at be been being below both
but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further
had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's
i i'd i'll i'm i've if in into is isn't it it's its itself just let's me more most mustn't my myself no nor not of
off on once only or other ought our ours ourselves out over own same shan't she she'd she'll she's should shouldn't
so some such than that that's the their theirs them themselves then there there's these they they'd they'll they're
they've this those through to too under until up us very was wasn't we we'd we'll we're we've were weren't what
what's when when's where where's which while who who's whom why why's will with won't would wouldn't you you'd
you'll you're you've your yours yourself yourselves yet ever every really s t ll re ve d m`;

/** §1.4's social list: platform chatter, calls to action and giveaway mechanics say nothing about the content. */
const SOCIAL = `rt via amp dm dms link links bio linkinbio click tap swipe giveaway giveaways contest sweepstakes enter
entry entries winner winners tag tagged follow follower followers repost retweet reposted comment comments share
instagram insta ig facebook fb tiktok youtube yt linkedin twitter tweet tweets threads pinterest`;

const words = (list: string) => list.split(/\s+/u).filter((w) => w.length > 0);

export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  ...eng,
  ...words(ENGLISH_EXTRA),
  ...words(SOCIAL),
]);
