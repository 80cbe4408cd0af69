package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileSummaryTest {
  @Test
  void eachStackCountsOnceInTheFirstPartItsFramesMatchAndTasksSplitByWhatTheyWereDoing(@TempDir Path dir)
      throws Exception {
    Path stacks = dir.resolve("worker.collapsed");
    String task = "java/lang/Thread.run;io/temporal/internal/sync/WorkflowThreadImpl$RunnableWrapper.run;";
    Files.write(stacks, List.of(
        "thread_start;CompileBroker::compiler_thread_loop;C2Compiler::compile_method 50",
        task + "dev/overdue/workflow/ApprovalWorkflowImpl.run;dev/overdue/workflow/Inspection.publish 20",
        task + "dev/overdue/workflow/ApprovalWorkflowImpl.run;io/temporal/internal/sync/WorkflowThreadContext.yield 5",
        task + "dev/overdue/workflow/ApprovalWorkflowImpl.run;org/slf4j/simple/SimpleLogger.warn 5",
        task + "io/temporal/internal/replay/ReplayWorkflowRunTaskHandler.handle 10",
        task + "com/fasterxml/jackson/databind/ObjectMapper.readValue 5",
        task + "dev/overdue/workflow/ApprovalWorkflowImpl.<init>;dev/overdue/model/RequestValidator.problems 3",
        task + "dev/overdue/workflow/ApprovalWorkflowImpl.run;dev/overdue/workflow/DeadlineTimer.waitFor 2",
        "io/temporal/internal/worker/Poller$PollLoopTask.run;io/grpc/stub/ClientCalls.blockingUnaryCall 10"));

    ProfileSummary.Summary summary = ProfileSummary.of(stacks, 5);

    assertEquals(110, summary.samples());
    assertEquals(50L, summary.parts().get("JIT compiler"));
    assertEquals(50L, summary.parts().get("workflow tasks"));
    assertEquals(10L, summary.parts().get("polling and gRPC"));
    assertEquals(0L, summary.parts().get("garbage collector"));
    assertEquals(5L, summary.taskParts().get("logging"), "logging wins over the workflow frame below it");
    assertEquals(20L, summary.taskParts().get("publishing: search attributes, current details"));
    assertEquals(5L, summary.taskParts().get("handing the workflow thread over (park, unpark)"), "though under Overdue's run");
    assertEquals(3L, summary.taskParts().get("start: the request checked, the model started"));
    assertEquals(2L, summary.taskParts().get("the rest of the workflow's code (dev.overdue)"));
    assertEquals(5L, summary.taskParts().get("Jackson (payloads)"));
    assertEquals(10L, summary.taskParts().get("the SDK"));
    assertEquals(32L, summary.overdueFrames().get("dev/overdue/workflow/ApprovalWorkflowImpl.run"));
    assertEquals(20L, summary.overdueFrames().get("dev/overdue/workflow/Inspection.publish"));
    assertEquals(0.455, ((Map<?, ?>) summary.json().get("parts")).get("JIT compiler"));
  }
}
