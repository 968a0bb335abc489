// What other modules may use of user (docs/architecture.md "Module faces"); the rest of the folder is its own.

export { PICTURE_MAX_BYTES, reencodePicture } from "./profile-picture";
export { toUserDto } from "./user.service";
