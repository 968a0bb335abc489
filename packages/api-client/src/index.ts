export type { ApiClient, ApiClientOptions } from "./client";
export { createApiClient, withUploadProgress } from "./client";
export type * from "./dto";
export { ApiError, errorMessage, unwrap } from "./errors";
export { formData } from "./form-data";
export type { components, operations, paths } from "./schema.gen";
export type { SessionBridge } from "./session";
export type { UploadProgress } from "./upload-transport";
