// stopword 3.1.5 ships no types; only the lists of the languages §1.4 filters are used here.
declare module "stopword" {
  export const eng: string[];
  export const deu: string[];
  export const fra: string[];
  export const spa: string[];
  export const ita: string[];
  export const por: string[];
  export const porBr: string[];
  export const nld: string[];
}
