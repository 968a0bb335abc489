import type { Profile } from "@node-saml/node-saml";

/**
 * The assertion whose signature node-saml verified, as its xml2js parse (attributes under `$`, text under `_`,
 * children by local name in arrays). Only what this holds can be trusted: a second, unsigned assertion or one
 * wrapped elsewhere in the document (signature wrapping) is never what is read.
 */
export type XmlNode = { [key: string]: unknown };

/** Undefined when node-saml kept no assertion (it then returned no profile either). */
export function signedAssertion(profile: Profile): XmlNode | undefined {
  // The root element, unlike its descendants, is an object rather than an array of them.
  const assertion = profile.getAssertion?.().Assertion;
  return isNode(assertion) ? assertion : undefined;
}

const isNode = (value: unknown): value is XmlNode =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  return Array.isArray(value) ? value.filter(isNode) : [];
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const attributes = node?.$;
  const value = isNode(attributes) ? attributes[name] : undefined;
  return typeof value === "string" ? value : undefined;
}

export function text(node: XmlNode | undefined): string | undefined {
  const value = node?._;
  return typeof value === "string" ? value : undefined;
}
