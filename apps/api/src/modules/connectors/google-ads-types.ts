/**
 * The Google Ads API's REST requests and answers that the keyword planning connector sends and reads, typed from
 * Google's REST reference of v26 (developers.google.com/google-ads/api/rest/reference/rest/v26, the JSON
 * representation of each message; the field descriptions are the RPC reference's,
 * developers.google.com/google-ads/api/reference/rpc/v26). Google publishes no Node client for the REST interface,
 * so these types stand in for one: google-ads-api.ts builds its requests as these types, reads its answers as them,
 * and test/fake-google.ts answers in them, so a field named differently from Google's fails to type-check.
 * Proto3's JSON mapping applies throughout: field names in lowerCamelCase, int64 values as decimal strings, enums
 * as their names, absent fields left out (developers.google.com/google-ads/api/rest/design/json-mappings).
 */

/** The Google Ads API version these types are of (the path's /v26/). */
export type GoogleAdsApiVersion = "v26";

/**
 * customers.listAccessibleCustomers: `GET /v26/customers:listAccessibleCustomers`, an empty body
 * (…/rest/reference/rest/v26/customers/listAccessibleCustomers; ListAccessibleCustomersResponse).
 */
export interface ListAccessibleCustomersResponse {
  /** Resource names of the customers the user reaches directly: `customers/{customerId}`. */
  resourceNames?: string[];
}

/**
 * customers.googleAds.search: `POST /v26/customers/{customerId}/googleAds:search`
 * (…/rest/reference/rest/v26/customers.googleAds/search; SearchGoogleAdsRequest).
 */
export interface SearchGoogleAdsRequest {
  /** The Google Ads Query Language query. */
  query: string;
  pageToken?: string;
  validateOnly?: boolean;
  returnTotalResultsCount?: boolean;
  summaryRowSetting?:
    | "UNSPECIFIED"
    | "UNKNOWN"
    | "NO_SUMMARY_ROW"
    | "SUMMARY_ROW_WITH_RESULTS"
    | "SUMMARY_ROW_ONLY";
}

/** SearchGoogleAdsResponse (…/rest/reference/rest/v26/customers.googleAds/search#response-body). */
export interface SearchGoogleAdsResponse {
  results?: GoogleAdsRow[];
  nextPageToken?: string;
  /** int64. */
  totalResultsCount?: string;
  /** The fields the query selected, comma-separated (a FieldMask). */
  fieldMask?: string;
  summaryRow?: GoogleAdsRow;
  /** int64: the resources the query consumed. */
  queryResourceConsumption?: string;
}

/**
 * GoogleAdsRow (…/rest/reference/rest/v26/GoogleAdsRow): one field per resource a query may select; only the
 * resource this connector selects, `customer`, is declared.
 */
export interface GoogleAdsRow {
  customer?: Customer;
}

/**
 * Customer (…/rest/reference/rest/v26/customers#Customer): the fields the connector's query selects, and the
 * resource name Google always returns.
 */
export interface Customer {
  /** `customers/{customerId}`. */
  resourceName?: string;
  /** int64. */
  id?: string;
  descriptiveName?: string;
  /** ISO 4217. */
  currencyCode?: string;
  timeZone?: string;
  manager?: boolean;
  testAccount?: boolean;
}

/** KeywordPlanNetworkEnum.KeywordPlanNetwork (…/reference/rpc/v26/KeywordPlanNetworkEnum.KeywordPlanNetwork). */
export type KeywordPlanNetwork = "UNSPECIFIED" | "UNKNOWN" | "GOOGLE_SEARCH" | "GOOGLE_SEARCH_AND_PARTNERS";

/**
 * customers.generateKeywordHistoricalMetrics: `POST /v26/customers/{customerId}:generateKeywordHistoricalMetrics`
 * (…/rest/reference/rest/v26/customers/generateKeywordHistoricalMetrics; KeywordPlanIdeaService).
 */
export interface GenerateKeywordHistoricalMetricsRequest {
  /** Up to 10,000; Google de-dupes close variants (GenerateKeywordHistoricalMetricsResult). */
  keywords: string[];
  /** `languageConstants/{id}`. */
  language?: string;
  includeAdultKeywords?: boolean;
  /** `geoTargetConstants/{id}`; none is worldwide. */
  geoTargetConstants?: string[];
  keywordPlanNetwork?: KeywordPlanNetwork;
  aggregateMetrics?: { aggregateMetricTypes?: ("UNSPECIFIED" | "UNKNOWN" | "DEVICE")[] };
  historicalMetricsOptions?: {
    yearMonthRange?: { start?: YearMonth; end?: YearMonth };
    includeAverageCpc?: boolean;
  };
}

interface YearMonth {
  /** int64. */
  year?: string;
  month?: MonthOfYear;
}

/** GenerateKeywordHistoricalMetricsResponse (…/reference/rpc/v26/GenerateKeywordHistoricalMetricsResponse). */
export interface GenerateKeywordHistoricalMetricsResponse {
  results?: GenerateKeywordHistoricalMetricsResult[];
  aggregateMetricResults?: {
    deviceSearches?: { device?: string; searchCount?: string }[];
  };
}

/**
 * GenerateKeywordHistoricalMetricsResult (…/reference/rpc/v26/GenerateKeywordHistoricalMetricsResult): `text` is one
 * of the requested keywords, the close variants Google merged into it listed in `closeVariants` ("car" and "cars"
 * asked come back as one result).
 */
export interface GenerateKeywordHistoricalMetricsResult {
  text?: string;
  closeVariants?: string[];
  /** Absent when Google has no data for the keyword. */
  keywordMetrics?: KeywordPlanHistoricalMetrics;
}

/** KeywordPlanCompetitionLevelEnum.KeywordPlanCompetitionLevel. */
export type KeywordPlanCompetitionLevel = "UNSPECIFIED" | "UNKNOWN" | "LOW" | "MEDIUM" | "HIGH";

/** KeywordPlanHistoricalMetrics (…/reference/rpc/v26/KeywordPlanHistoricalMetrics); every int64 as a string. */
export interface KeywordPlanHistoricalMetrics {
  avgMonthlySearches?: string;
  /** The past twelve months. */
  monthlySearchVolumes?: MonthlySearchVolume[];
  competition?: KeywordPlanCompetitionLevel;
  /** 0–100; absent when Google has too little data. */
  competitionIndex?: string;
  /** 20th percentile of the top-of-page bid, in micros of the customer's currency. */
  lowTopOfPageBidMicros?: string;
  /** 80th percentile. */
  highTopOfPageBidMicros?: string;
  averageCpcMicros?: string;
}

/** MonthOfYearEnum.MonthOfYear. */
export type MonthOfYear =
  | "UNSPECIFIED"
  | "UNKNOWN"
  | "JANUARY"
  | "FEBRUARY"
  | "MARCH"
  | "APRIL"
  | "MAY"
  | "JUNE"
  | "JULY"
  | "AUGUST"
  | "SEPTEMBER"
  | "OCTOBER"
  | "NOVEMBER"
  | "DECEMBER";

/** MonthlySearchVolume (…/reference/rpc/v26/MonthlySearchVolume). */
export interface MonthlySearchVolume {
  /** int64. */
  year?: string;
  month?: MonthOfYear;
  /** int64; absent when Google has no count for the month. */
  monthlySearches?: string;
}

/**
 * A refused Google Ads call's body: Google's error model (google-vendor.ts GoogleApiErrorBody) whose `details` hold
 * a GoogleAdsFailure (developers.google.com/google-ads/api/docs/best-practices/error-types, "REST" tab;
 * …/reference/rpc/v26/GoogleAdsFailure).
 */
export interface GoogleAdsErrorBody {
  error: {
    code: number;
    message: string;
    status?: string;
    details?: GoogleAdsFailure[];
  };
}

/** GoogleAdsFailure (…/reference/rpc/v26/GoogleAdsFailure). */
export interface GoogleAdsFailure {
  "@type": `type.googleapis.com/google.ads.googleads.${GoogleAdsApiVersion}.errors.GoogleAdsFailure`;
  errors?: GoogleAdsError[];
  requestId?: string;
}

/** GoogleAdsError (…/reference/rpc/v26/GoogleAdsError). */
export interface GoogleAdsError {
  errorCode?: ErrorCode;
  message?: string;
  trigger?: {
    booleanValue?: boolean;
    int64Value?: string;
    floatValue?: number;
    doubleValue?: number;
    stringValue?: string;
  };
  location?: { fieldPathElements?: { fieldName?: string; index?: number }[] };
  details?: ErrorDetails;
}

/**
 * ErrorCode (…/reference/rpc/v26/ErrorCode): a oneof of some 170 enums, each field named after its enum
 * (`authorizationError: AuthorizationErrorEnum.AuthorizationError`, `requestError`, `quotaError`…), its value the
 * error's name. Declared by that naming rule rather than field by field.
 */
export type ErrorCode = { [field in `${string}Error`]?: string };

/** ErrorDetails (…/reference/rpc/v26/ErrorDetails). */
export interface ErrorDetails {
  unpublishedErrorCode?: string;
  quotaErrorDetails?: {
    rateScope?: "UNSPECIFIED" | "UNKNOWN" | "ACCOUNT" | "DEVELOPER";
    rateName?: string;
    /** A Duration: seconds with an "s" ("86400s"). */
    retryDelay?: string;
  };
  fieldViolationDetails?: { errors?: { message?: string; field?: string }[] };
  resourceCountDetails?: {
    enclosingId?: string;
    enclosingResource?: string;
    limit?: number;
    limitType?: string;
    existingCount?: number;
  };
}
