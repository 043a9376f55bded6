"""Economy, neutrals and victory of expanded Dark Nebula (DN-ECO-*, DN-NEU-2/3, DN-VIC-1).

Modules: ``occupancy`` (who is where), ``control`` (DN-ECO-1/2), ``connectivity`` (DN-ECO-3),
``income`` (Table 3, DN-ECO-4..6), ``report`` (the explained income and supply report).
"""
