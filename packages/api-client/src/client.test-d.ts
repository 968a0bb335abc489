// Compile-time checks, enforced by `npm run typecheck` (tsc reads every file in src).
import { expectTypeOf } from "vitest";
import type { ApiClient, Country, User } from "./index";
import { formData, unwrap } from "./index";

declare const api: ApiClient;
declare const file: File;

expectTypeOf(unwrap(api.GET("/countries"))).resolves.toEqualTypeOf<Country[]>();
expectTypeOf(unwrap(api.GET("/user/me"))).resolves.toEqualTypeOf<User>();

api.PATCH("/user/profile-picture", { body: formData({ file }) });
// @ts-expect-error the upload's field is named `file`
api.PATCH("/user/profile-picture", { body: formData({ photo: file }) });
// @ts-expect-error a form field is a string or a file
api.PATCH("/user/profile-picture", { body: formData({ file: 42 }) });
// @ts-expect-error the body is checked against the contract
api.PATCH("/user", { body: { firstName: 42 } });
