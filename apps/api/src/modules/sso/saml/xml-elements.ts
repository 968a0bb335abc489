import { DomUtils, ElementType, parseDocument } from "htmlparser2";

/**
 * Reading SAML XML that is not security-deciding (metadata an owner pastes, a response's unsigned envelope) by
 * local name: IdPs write md:, saml2md:, samlp:, ds: or no prefix for the same elements. Signed content is read
 * only from what node-saml verified (signed-assertion.ts).
 */

export type XmlElement = ReturnType<typeof DomUtils.getElementsByTagName>[number];
type Node = XmlElement["children"][number];

const isElement = (node: Node): node is XmlElement => ElementType.isTag(node);

export const localName = (element: XmlElement) => element.name.slice(element.name.indexOf(":") + 1);

/** The document's root element; the caller has refused a DOCTYPE already. Entities are the five of XML. */
export function xmlRoot(xml: string): XmlElement | undefined {
  return parseDocument(xml, { xmlMode: true, decodeEntities: true }).children.find(isElement);
}

export const childElements = (parent: XmlElement, name: string) =>
  parent.children.filter((child): child is XmlElement => isElement(child) && localName(child) === name);

export const descendantElements = (root: XmlElement, name: string) =>
  DomUtils.findAll((element) => localName(element) === name, root.children);

export const textOf = (element: XmlElement) => DomUtils.textContent(element);

/** SAML forbids a DTD in its documents (SAML core, section 1.3): one is an XXE or entity-expansion attempt. */
export const hasDoctype = (xml: string) => /<!DOCTYPE|<!ENTITY/i.test(xml);
