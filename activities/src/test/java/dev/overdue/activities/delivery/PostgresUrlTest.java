package dev.overdue.activities.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** How a store URL is split: credentials go to the driver as properties, the rest stays. */
class PostgresUrlTest {
  @Test
  void credentialsLeaveTheUrlOtherParametersStay() {
    PostgresDeliveryStore.Url url =
        PostgresDeliveryStore.Url.parse(
            "jdbc:postgresql://db.example.com:5432/overdue?sslmode=require&user=overdue&password=p%40ss+w%26rd&ApplicationName=x");
    assertEquals("overdue", url.user());
    assertEquals("p@ss w&rd", url.password(), "decoded as the driver decodes URL parameters");
    assertEquals("jdbc:postgresql://db.example.com:5432/overdue?sslmode=require&ApplicationName=x", url.withoutCredentials());
    assertEquals("postgresql://db.example.com:5432/overdue as overdue", url.safe());
  }

  @Test
  void aUrlWithoutParametersHasNoCredentials() {
    PostgresDeliveryStore.Url url = PostgresDeliveryStore.Url.parse("jdbc:postgresql://localhost/overdue");
    assertNull(url.user());
    assertNull(url.password());
    assertEquals("jdbc:postgresql://localhost/overdue", url.withoutCredentials());
    assertEquals("postgresql://localhost/overdue", url.safe());
  }
}
