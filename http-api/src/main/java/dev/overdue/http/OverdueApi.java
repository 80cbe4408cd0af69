package dev.overdue.http;

import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The HTTP task API's process: {@code bin/overdue-api}. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class OverdueApi {
  /** The clock lists judge "overdue" by; tests give their own. */
  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }

  public static void main(String[] args) {
    SpringApplication.run(OverdueApi.class, args);
  }
}
