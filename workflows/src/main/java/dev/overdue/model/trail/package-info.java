/**
 * What an approval records of itself: the audit trail and the warnings (the latest kept, all
 * counted). Written by the rules above; imports only {@code auth} and the shared words.
 */
package dev.overdue.model.trail;
