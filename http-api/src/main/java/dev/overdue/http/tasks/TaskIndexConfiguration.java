package dev.overdue.http.tasks;

import dev.overdue.http.ApiSettings;
import dev.overdue.index.TaskIndex;
import dev.overdue.index.TaskIndexes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The task index the lists read: opened (and its schema brought up to date) as the API starts. */
@Configuration
class TaskIndexConfiguration {
  private static final Logger log = LoggerFactory.getLogger(TaskIndexConfiguration.class);

  @Bean(destroyMethod = "close")
  TaskIndex taskIndex(ApiSettings settings) {
    TaskIndex index = TaskIndexes.open(TaskIndexes.location(settings.taskIndex()));
    log.info("Lists read the task index at {}", index.where());
    return index;
  }
}
