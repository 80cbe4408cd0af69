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
  void eachStackCountsOnceInTheFirstPartItsFramesMatchAndTasksSplitByTheCodeOnTop(@TempDir Path dir)
      throws Exception {
    Path stacks = dir.resolve("worker.collapsed");
    String task = "java/lang/Thread.run;io/temporal/internal/sync/WorkflowThreadImpl$RunnableWrapper.run;";
    Files.write(stacks, List.of(
        "thread_start;CompileBroker::compiler_thread_loop;C2Compiler::compile_method 50",
        task + "dev/overdue/workflow/ApprovalWorkflowImpl.run;dev/overdue/workflow/Inspection.publish 20",
        task + "dev/overdue/workflow/ApprovalWorkflowImpl.run;org/slf4j/simple/SimpleLogger.warn 5",
        task + "io/temporal/internal/replay/ReplayWorkflowRunTaskHandler.handle 10",
        task + "com/fasterxml/jackson/databind/ObjectMapper.readValue 5",
        "io/temporal/internal/worker/Poller$PollLoopTask.run;io/grpc/stub/ClientCalls.blockingUnaryCall 10"));

    ProfileSummary.Summary summary = ProfileSummary.of(stacks, 5);

    assertEquals(100, summary.samples());
    assertEquals(50L, summary.parts().get("JIT compiler"));
    assertEquals(40L, summary.parts().get("workflow tasks"));
    assertEquals(10L, summary.parts().get("polling and gRPC"));
    assertEquals(0L, summary.parts().get("garbage collector"));
    assertEquals(5L, summary.taskParts().get("logging"), "logging wins over the workflow frame below it");
    assertEquals(20L, summary.taskParts().get("the workflow's own code (dev.overdue)"));
    assertEquals(5L, summary.taskParts().get("Jackson (payloads)"));
    assertEquals(10L, summary.taskParts().get("the SDK"));
    assertEquals(
        Map.of("dev/overdue/workflow/ApprovalWorkflowImpl.run", 25L, "dev/overdue/workflow/Inspection.publish", 20L),
        summary.overdueFrames());
    assertEquals(0.5, ((Map<?, ?>) summary.json().get("parts")).get("JIT compiler"));
  }
}
