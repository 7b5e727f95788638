// Pins stripe-mock, Stripe's official API mock, built from source for the test harness.
module cro-platform/tools/stripe-mock

go 1.25

tool github.com/stripe/stripe-mock

require (
	github.com/davecgh/go-spew v0.0.0-20151105211317-5215b55f46b2 // indirect
	github.com/lestrrat-go/jspointer v0.0.0-20181205001929-82fadba7561c // indirect
	github.com/lestrrat-go/jsref v0.0.0-20181205001954-1b590508f37d // indirect
	github.com/lestrrat-go/jsschema v0.0.0-20181205002244-5c81c58ffcc3 // indirect
	github.com/lestrrat-go/jsval v0.0.0-20181205002323-20277e9befc0 // indirect
	github.com/lestrrat-go/pdebug v0.0.0-20180220043849-39f9a71bcabe // indirect
	github.com/lestrrat-go/structinfo v0.0.0-20190212233437-acd51874663b // indirect
	github.com/pkg/errors v0.8.1-0.20170505043639-c605e284fe17 // indirect
	github.com/stripe/stripe-mock v0.203.0 // indirect
)
