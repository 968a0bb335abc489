/** True when a Node system call failed with this errno code (ENOENT, EEXIST…). */
export function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && "code" in error && error.code === code;
}
