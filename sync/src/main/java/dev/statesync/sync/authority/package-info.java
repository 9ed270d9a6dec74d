/**
 * Authority and ownership for distributed simulation (Fiedler, "Networked Physics in VR", 2018): per-object 16-bit authority and ownership
 * sequences, host arbitration. Each peer keeps an {@link dev.statesync.sync.authority.ObjectAuthority} per
 * object, changes it with the local actions of {@link dev.statesync.sync.authority.AuthorityRules}, sends it
 * with every state update of the object, and decides with the same class whether a received update wins.
 * Objects a player holds travel inside that player's state as poses relative to the holder
 * ({@link dev.statesync.sync.authority.HeldObjects}).
 */
package dev.statesync.sync.authority;
