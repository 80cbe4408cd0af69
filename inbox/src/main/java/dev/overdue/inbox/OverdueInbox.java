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
    SpringApplication.run(OverdueInbox.class, args);
  }
}
