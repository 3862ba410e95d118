package io.sonde.web.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;

import io.sonde.core.Problems;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.beans.TypeMismatchException;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.util.ClassUtils;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Spring MVC's request failures as problem details for every module's API, in one place:
 * a body that is not JSON or holds a value of the wrong type names the field (a JSON
 * path) and the line and column; a query or path parameter of the wrong type, or a
 * missing one, names the parameter; an unknown path under {@code /api} is a 404 saying
 * there is no such endpoint. It takes the place of Spring Boot's generic handler (which
 * steps back when a {@link ResponseEntityExceptionHandler} exists) and keeps its answers
 * for everything else. Modules answer their own failures, types named as facts, in their
 * {@code *Problems} advice. Ordered before those, as Spring Boot's handler was: Spring
 * matches an advice's handlers against an exception's causes too, so a module's
 * {@code IllegalArgumentException} handler would otherwise take a parameter of the wrong
 * type (its cause is a {@code NumberFormatException}) and lose the parameter's name.
 */
@RestControllerAdvice
@Order(0)
class ApiRequestProblems extends ResponseEntityExceptionHandler {

	static final String API_PREFIX = "/api/";

	@Override
	protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		UnreadableBody unreadable = UnreadableBody.of(ex);
		ProblemDetail problem = Problems.badField("Unreadable request body", unreadable.detail(), unreadable.field());
		if (unreadable.line() != null) {
			problem.setProperty("line", unreadable.line());
			problem.setProperty("column", unreadable.column());
		}
		return handleExceptionInternal(ex, problem, headers, HttpStatus.BAD_REQUEST, request);
	}

	@Override
	protected ResponseEntity<Object> handleTypeMismatch(TypeMismatchException ex, HttpHeaders headers,
			HttpStatusCode status, WebRequest request) {
		String name = (ex instanceof MethodArgumentTypeMismatchException argument) ? argument.getName()
				: ex.getPropertyName();
		ProblemDetail problem = Problems.badField("Bad parameter",
				name + ": '" + ex.getValue() + "' is not " + expected(ex.getRequiredType()), name);
		return handleExceptionInternal(ex, problem, headers, HttpStatus.BAD_REQUEST, request);
	}

	@Override
	protected ResponseEntity<Object> handleMissingServletRequestParameter(MissingServletRequestParameterException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		ProblemDetail problem = Problems.badField("Missing parameter",
				ex.getParameterName() + ": the parameter is required", ex.getParameterName());
		return handleExceptionInternal(ex, problem, headers, HttpStatus.BAD_REQUEST, request);
	}

	/**
	 * Under {@code /api}, a problem saying there is no such endpoint. Elsewhere the
	 * servlet container's error handling takes over, as Spring MVC's default resolver
	 * would have it, so a browser gets the HTML error page and a script the JSON one.
	 */
	@Override
	protected ResponseEntity<Object> handleNoResourceFoundException(NoResourceFoundException ex, HttpHeaders headers,
			HttpStatusCode status, WebRequest request) {
		return notFound(ex, headers, request);
	}

	@Override
	protected ResponseEntity<Object> handleNoHandlerFoundException(NoHandlerFoundException ex, HttpHeaders headers,
			HttpStatusCode status, WebRequest request) {
		return notFound(ex, headers, request);
	}

	private ResponseEntity<Object> notFound(Exception ex, HttpHeaders headers, WebRequest request) {
		if (isApi(request)) {
			return handleExceptionInternal(ex, noSuchEndpoint(request), headers, HttpStatus.NOT_FOUND, request);
		}
		try {
			((ServletWebRequest) request).getResponse().sendError(HttpStatus.NOT_FOUND.value());
		}
		catch (IOException sendFailed) {
			throw new UncheckedIOException(sendFailed);
		}
		// The response is committed: the container renders its error page.
		return null;
	}

	private static String expected(Class<?> type) {
		if (type == null) {
			return "of the right type";
		}
		Class<?> boxed = ClassUtils.resolvePrimitiveIfNecessary(type);
		if (boxed == Integer.class || boxed == Long.class || boxed == Short.class || boxed == Byte.class
				|| boxed == BigInteger.class) {
			return "an integer";
		}
		if (boxed == Boolean.class) {
			return "true or false";
		}
		if (Number.class.isAssignableFrom(boxed)) {
			return "a number";
		}
		if (type.isEnum()) {
			return "one of " + List.of(type.getEnumConstants());
		}
		return "a valid " + type.getSimpleName().toLowerCase(Locale.ROOT);
	}

	private static ProblemDetail noSuchEndpoint(WebRequest request) {
		HttpServletRequest http = ((ServletWebRequest) request).getRequest();
		return Problems.of(HttpStatus.NOT_FOUND, "No such endpoint", "there is no API endpoint " + http.getMethod()
				+ " " + http.getRequestURI() + "; GET /v3/api-docs describes the API");
	}

	private static boolean isApi(WebRequest request) {
		if (!(request instanceof ServletWebRequest servlet)) {
			return false;
		}
		HttpServletRequest http = servlet.getRequest();
		String path = http.getRequestURI().substring(http.getContextPath().length());
		return path.startsWith(API_PREFIX);
	}

}
