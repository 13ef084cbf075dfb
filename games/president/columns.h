// columns.h: a stored row's columns checked against Super Président's
// event in place (the audit's one pass: Match::StepRow, and Président's
// own fast read of a stored game, games/president/replay/stored_scan.h). Passing
// here implies the column check of CheckStoredAnyGame passes (ColumnsMatch
// against RecordOf's columns); a row compared as stored may fail here and
// pass there, and then only goes to the detailed path.
#ifndef PLI_GAMES_PRESIDENT_COLUMNS_H_
#define PLI_GAMES_PRESIDENT_COLUMNS_H_

#include <string_view>

#include "games/president/rules/event.h"
#include "schema/record.h"

namespace pli {

// Whether a row's cards column is the text ColumnsOf(event).cards would
// write for this body (games/president/wire/record.h), compared in place.
bool CardsColumnMatches(const EventBody& body, std::string_view column);

// Whether a row's columns (type, seat, id, cards and, from schema version
// 3, declaration, recipient, at, seed) are those ColumnsOf(event) writes,
// compared as stored.
bool ColumnsAgree(const ColumnsView& row, const Event& event);

}  // namespace pli

#endif  // PLI_GAMES_PRESIDENT_COLUMNS_H_
