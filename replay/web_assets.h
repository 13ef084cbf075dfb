// web_assets.h: the pages of replay/web/, compiled into the binary
// (replay/CMakeLists.txt turns each file into a byte array, cmake/Embed.cmake),
// so that `pli ... --html` needs no file beside the binary.
#ifndef PLI_REPLAY_WEB_ASSETS_H_
#define PLI_REPLAY_WEB_ASSETS_H_

#include <string_view>

namespace pli::web {

// replay/web/replay.html: the replay page, with the marker __PLI_DOCUMENT__
// where its document goes.
std::string_view ReplayPage();
// replay/web/audit.html: the audit report page, with the same marker.
std::string_view AuditPage();

}  // namespace pli::web

#endif  // PLI_REPLAY_WEB_ASSETS_H_
