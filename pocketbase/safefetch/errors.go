package safefetch

import "fmt"

// Code names a failure kind; Message is what the user reads.
type Code string

const (
	CodeInvalidURL       Code = "invalid_url"
	CodePortRefused      Code = "port_refused"
	CodeRefusedAddress   Code = "refused_address"
	CodeUnreachable      Code = "unreachable"
	CodeTimeout          Code = "timeout"
	CodeTooManyRedirects Code = "too_many_redirects"
	CodeHTTPStatus       Code = "http_status"
	CodeNotHTML          Code = "not_html"
	CodeTooLarge         Code = "too_large"
)

// Error is a fetch failure with a message fit for the user.
type Error struct {
	Code    Code
	Message string
}

func (e *Error) Error() string { return e.Message }

func newError(code Code) *Error {
	return &Error{Code: code, Message: messages[code]}
}

var messages = map[Code]string{
	CodeInvalidURL:       "Please enter a valid website URL, such as https://example.com.",
	CodePortRefused:      "Only websites on the standard ports (80 and 443) can be scanned.",
	CodeRefusedAddress:   "This address points to a private or reserved network and cannot be scanned.",
	CodeUnreachable:      "We could not reach this website. Check the address and try again.",
	CodeTimeout:          "The website did not respond within 10 seconds.",
	CodeTooManyRedirects: "The website redirected more than 5 times.",
	CodeNotHTML:          "This address did not return an HTML page, so there is nothing to scan.",
	CodeTooLarge:         "This page is larger than 2 MB, the most we can scan.",
}

func statusError(status int) *Error {
	return &Error{Code: CodeHTTPStatus, Message: fmt.Sprintf("The website answered with HTTP status %d, so there was no page to scan.", status)}
}
