# inline.cmake: writes OUT, the page IN with the card renderer put in place
# of its markers: "/*@cards.css@*/" by DIR/cards.css and "/*@cards.js@*/" by
# DIR/cards.js (the same files the table page of `pli serve` embeds,
# serve/embed.cmake: one source, not a copy). Run as
#   cmake -DIN=page.html -DDIR=replay/web -DOUT=file -P inline.cmake
file(READ "${IN}" page)
foreach(part cards.css cards.js)
  file(READ "${DIR}/${part}" text)
  string(REPLACE "/*@${part}@*/" "${text}" page "${page}")
endforeach()
file(WRITE "${OUT}.tmp" "${page}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
