/**
 * A name as sorted for people on any server: accents folded, lower case. PostgreSQL's own order depends on the
 * database's collation (C on Debian's test clusters puts "Émilie" after "Yuki").
 */
export function sortKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("en");
}
