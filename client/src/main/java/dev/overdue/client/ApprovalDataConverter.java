package dev.overdue.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.CommandRefusal;
import dev.overdue.api.JsonBuffers;
import io.temporal.api.failure.v1.Failure;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.common.converter.FailureConverter;
import io.temporal.common.converter.JacksonJsonPayloadConverter;
import io.temporal.common.converter.PayloadConverter;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.DefaultFailureConverter;
import java.lang.reflect.Field;

/**
 * The data converter workers and clients of approvals share: the SDK's default, except that a
 * {@link CommandRefusal} becomes a non-retryable failure of type {@link ApprovalWorkflow#REFUSED}
 * and its JSON mapper, the SDK's standard one, keeps no buffers per thread ({@link JsonBuffers}).
 * An Update's validator cannot say so itself: the SDK reports any exception a validator throws by
 * its class name, retryable, and mangles an {@code ApplicationFailure} thrown there into an
 * internal type.
 */
public final class ApprovalDataConverter {
  static {
    // Once per process: the SDK's standard mapper is shared by every converter this class makes.
    perCallInTheSdk();
  }

  private ApprovalDataConverter() {}

  public static DataConverter create() {
    return DefaultDataConverter.newDefaultInstance().withFailureConverter(new Refusals());
  }

  /**
   * {@link JsonBuffers#perCall} for the SDK's standard JSON converter, which every default data
   * converter shares and which the SDK uses itself for version markers and search attributes,
   * where no data converter of ours reaches: its mapper is private, so it is reached by
   * reflection. False, changing nothing, when this SDK has no such field any more (the buffers
   * then stay per thread). Here, not in {@link JsonBuffers}: the contract has no Temporal type.
   */
  static boolean perCallInTheSdk() {
    for (PayloadConverter converter : DefaultDataConverter.STANDARD_PAYLOAD_CONVERTERS) {
      if (converter instanceof JacksonJsonPayloadConverter json) {
        try {
          Field mapper = JacksonJsonPayloadConverter.class.getDeclaredField("mapper");
          mapper.setAccessible(true);
          JsonBuffers.perCall((ObjectMapper) mapper.get(json));
          return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
          return false;
        }
      }
    }
    return false;
  }

  private static final class Refusals implements FailureConverter {
    private final DefaultFailureConverter standard = new DefaultFailureConverter();

    @Override
    public Failure exceptionToFailure(Throwable throwable, DataConverter dataConverter) {
      if (throwable instanceof CommandRefusal) {
        return standard.exceptionToFailure(
            ApplicationFailure.newNonRetryableFailure(throwable.getMessage(), ApprovalWorkflow.REFUSED),
            dataConverter);
      }
      return standard.exceptionToFailure(throwable, dataConverter);
    }

    @Override
    public RuntimeException failureToException(Failure failure, DataConverter dataConverter) {
      return standard.failureToException(failure, dataConverter);
    }
  }
}
