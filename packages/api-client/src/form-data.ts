type FormFields<Body> = { [Key in keyof Body]: string | Blob };

/**
 * A multipart body for openapi-fetch. openapi-typescript types a `format: binary` field as string, so a file
 * cannot be written into the generated body type; this builds the real FormData and types it as that body
 * (inferred from the call), field names checked. openapi-fetch's default bodySerializer passes FormData
 * through untouched and leaves Content-Type to fetch, which adds the multipart boundary.
 *
 *   await unwrap(api.PATCH("/user/profile-picture", { body: formData({ file }) }));
 */
export function formData<Body>(fields: NoInfer<FormFields<NonNullable<Body>>>): NonNullable<Body> {
  const form = new FormData();
  for (const [name, value] of Object.entries<string | Blob | undefined>(fields)) {
    if (value !== undefined) form.append(name, value);
  }
  // The one place the generated type is overridden: the value on the wire is this FormData.
  return form as unknown as NonNullable<Body>;
}
