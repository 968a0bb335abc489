export { derivePersonas, insufficientSegments, MIN_SEGMENTS } from "./derive-personas";
export { INTEREST_TAXONOMY, interestLabel } from "./interest-taxonomy";
export { hasPlatformMix, personaActivity, personaEngagement } from "./persona-estimates";
export { personaKeywords } from "./persona-keywords";
export type {
  DerivePersonasInput,
  DerivePersonasResult,
  KeywordCandidate,
  PersonaKeyword,
  PersonaResult,
  PlatformShare,
  PreviousPersona,
  SegmentInput,
} from "./types";
export { PERSONA_METHOD_VERSION } from "./types";
export { wordSimilarity } from "./word-similarity";
