import type { components } from "./schema.gen";

// Names for the contract's schemas that callers use most; anything else: components["schemas"]["X"].
type Schemas = components["schemas"];

export type ApiErrorBody = Schemas["Error"];
export type Country = Schemas["Country"];
export type Industry = Schemas["Industry"];
export type LoginRequest = Schemas["LoginRequest"];
export type LoginResponse = Schemas["LoginResponse"];
export type User = Schemas["User"];
export type UpdateUserRequest = Schemas["UpdateUserRequest"];
export type Subscription = Schemas["Subscription"];
export type Brand = Schemas["Brand"];
export type Product = Schemas["Product"];
export type PaymentMethod = Schemas["PaymentMethod"];
