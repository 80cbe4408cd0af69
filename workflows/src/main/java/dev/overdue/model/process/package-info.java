/**
 * One approval, the orchestrator: {@code ApprovalProcess} holds its state and moves it from step
 * to step to its end, and gives its rules their one view of it ({@code RuleContext}); start and
 * continue-as-new ({@code ProcessSetup}, {@code ProcessSnapshot}, {@code Edition}); what the
 * queries show ({@code ProcessViews}, {@code ProcessPlan}); a limit's value from the data when
 * its timer starts ({@code LimitExpressions}). The top of the model: it may import every other
 * sub-package, and none imports it.
 */
package dev.overdue.model.process;
