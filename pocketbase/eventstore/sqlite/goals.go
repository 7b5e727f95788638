package sqlite

// Which events convert which goals and which are purchases is eventstore/goalmatch.

// purchaseSQL is goalmatch.IsPurchase over stored events (aliased e).
const purchaseSQL = `e.type = 'custom' AND e.value > 0`
