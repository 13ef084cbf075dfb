// web.h: the table page (serve/web/), compiled into the binary by
// serve/embed.cmake: served by pli itself, no build step, no third party.
#ifndef PLI_SERVE_WEB_H_
#define PLI_SERVE_WEB_H_

#include <string_view>

namespace pli::serve {

std::string_view TablePage();    // web/table.html
std::string_view TableScript();  // web/table.js
std::string_view TableStyle();   // web/table.css

}  // namespace pli::serve

#endif  // PLI_SERVE_WEB_H_
