export * from "./generate";
export { INDUSTRIES, type IndustryProfile, type Topic } from "./industries";
export { FORMATS, INTERESTS, type InterestId, PLATFORMS, type Platform, type PostFormat } from "./vocabulary";
