/** A JSON object of an OpenAPI document, loosely typed: documents are built and merged as plain data. */
export type Json = Record<string, any>;
