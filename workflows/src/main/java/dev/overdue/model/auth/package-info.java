/**
 * Signed commands: whether an approval takes them ({@code AuthPolicy}), how a token is opened and
 * checked ({@code SignedCommands}, {@code TokenVerifier}), and what a check found
 * ({@code TokenCheck}). Depends on the model's shared words alone.
 */
package dev.overdue.model.auth;
