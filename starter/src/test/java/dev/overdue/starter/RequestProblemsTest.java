package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.worker.WorkerSettings;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the CLI knows of the worker's settings without depending on the worker module. */
class RequestProblemsTest {
  @Test
  void theWorkerSettingsKeysAreTheTopLevelFieldsOfWorkerSettings() {
    List<String> fields =
        Arrays.stream(WorkerSettings.class.getRecordComponents()).map(RecordComponent::getName).toList();
    assertEquals(fields, RequestProblems.WORKER_SETTINGS_KEYS);
  }
}
