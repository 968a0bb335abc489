// stopword 3.1.5 ships no types; only the English list is used here.
declare module "stopword" {
  export const eng: string[];
}
