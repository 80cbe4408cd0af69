/**
 * Expressions over the approval's data ({@code =…}, CEL): the shared CEL environment
 * ({@code CelProgram}), conditions and the values they read, and data expressions that give a
 * user, a limit or a value. Compiles and evaluates given variables; knows no approval. Depends on
 * the model's shared words alone.
 */
package dev.overdue.model.expression;
