export type { AccountRate } from "./account-rate";
export { accountEngagementRate } from "./account-rate";
export { computeContent } from "./compute-content";
export type { FollowerIndex } from "./engagement";
export {
  followerRate,
  followersAt,
  headlineRate,
  indexFollowers,
  isViewBased,
  isViewDataInconsistent,
  viewRate,
} from "./engagement";
export { fitPillars } from "./fit-pillars";
export type { InsufficientPillars, PillarModel, PillarNode, SparseVector } from "./pillar-model";
export { PILLAR_METHOD_VERSION } from "./pillar-model";
export type { RatedPost } from "./relative-performance";
export { isMature, relativePerformance } from "./relative-performance";
export type { ContentAnalyticsSections, ContentInput, ContentPost, FollowerPoint } from "./types";
