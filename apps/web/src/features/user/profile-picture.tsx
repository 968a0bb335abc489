import type { User } from "@brandscope/api-client";
import { AvatarUpload, UserAvatar } from "@brandscope/ui/avatar";
import { useState } from "react";
import { pictureProblem, useUploadPictureMutation } from "./mutations";

export function fullName(user: Pick<User, "firstName" | "lastName" | "email">): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/**
 * The user's picture with a way to change it: the ui's upload trigger picks a PNG, JPEG or WebP file, which goes to
 * PATCH /user/profile-picture; the new picture shows at once. A refused file gets a plain reason under it.
 */
export function ProfilePicture({ user }: { user: User }) {
  const upload = useUploadPictureMutation();
  const [refused, setRefused] = useState<string>();
  const problem = refused ?? (upload.error ? pictureProblem(upload.error) : undefined);
  const name = fullName(user);
  return (
    <div className="flex items-center gap-5">
      <UserAvatar name={name} src={user.profilePicture} size="xl" />
      <div className="flex flex-col items-start gap-2">
        <div className="flex flex-col">
          <p className="text-foreground text-lg font-semibold">{name}</p>
          <p className="text-muted-foreground text-sm">{user.email}</p>
        </div>
        <AvatarUpload
          disabled={upload.isPending}
          onFileSelected={(file) => {
            setRefused(undefined);
            upload.mutate(file);
          }}
          onInvalidFile={() => {
            upload.reset();
            setRefused("That file is not a picture we can use. Choose a PNG, JPEG or WebP image.");
          }}
        >
          {upload.isPending ? "Uploading…" : "Change picture"}
        </AvatarUpload>
        <p className="text-muted-foreground text-xs">PNG, JPEG or WebP, up to 5 MB.</p>
        {problem ? (
          <p role="alert" className="text-destructive text-sm">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
