/**
 * Fiedler's GDC 2015 snapshot delta scheme, coded by the rules of his demo, kept as the reference encoding
 * that statesync's bits are measured against. Not used on the wire.
 */
package dev.statesync.codec.reference;
