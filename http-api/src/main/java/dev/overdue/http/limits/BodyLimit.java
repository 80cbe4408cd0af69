package dev.overdue.http.limits;

import dev.overdue.http.problems.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The largest body taken: one that says it is larger is refused (413) before a byte is read; one
 * sent in chunks stops being read at the limit, and the request fails as unreadable.
 */
public final class BodyLimit extends OncePerRequestFilter {
  private final long max;

  public BodyLimit(long max) {
    this.max = max;
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (request.getContentLengthLong() > max) {
      ProblemWriter.write(response, HttpStatus.CONTENT_TOO_LARGE, "the body is larger than " + max + " bytes");
      return;
    }
    chain.doFilter(new Bounded(request, max), response);
  }

  /** Reads at most {@code max} bytes, then fails. */
  private static final class Bounded extends HttpServletRequestWrapper {
    private final long max;

    Bounded(HttpServletRequest request, long max) {
      super(request);
      this.max = max;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
      ServletInputStream in = super.getInputStream();
      return new ServletInputStream() {
        private long read;

        @Override
        public int read() throws IOException {
          int b = in.read();
          if (b >= 0 && ++read > max) {
            throw new IOException("the body is larger than " + max + " bytes");
          }
          return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
          int n = in.read(buffer, offset, length);
          if (n > 0 && (read += n) > max) {
            throw new IOException("the body is larger than " + max + " bytes");
          }
          return n;
        }

        @Override
        public boolean isFinished() {
          return in.isFinished();
        }

        @Override
        public boolean isReady() {
          return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
          in.setReadListener(listener);
        }
      };
    }
  }
}
