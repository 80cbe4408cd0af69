package dev.overdue.inbox;

import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;

/** The inbox's process: {@code bin/overdue-inbox}. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class OverdueInbox {
  /** The clock due dates are read against ("in 3 h"); tests give their own. */
  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }

  public static void main(String[] args) {
    SpringApplication inbox = new SpringApplication(OverdueInbox.class);
    // Its settings file is overdue-inbox.yaml (see there why).
    inbox.setDefaultProperties(java.util.Map.of("spring.config.name", "overdue-inbox"));
    inbox.run(args);
  }
}
